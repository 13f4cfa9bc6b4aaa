// The light entry screens import: opt-out rules, the commands that queue tracking for the runtime,
// and the event shape. The runtime (`@storyloom/tracking/runtime`: queue, pixel, PostHog) is
// imported on demand after the page is interactive.
export * from "./optOut";
export * from "./commands";
export * from "./constants";
export { buildAdEvent, purchaseEventId, checkInEventId, registrationEventId, type AdEvent, type AdEventInput } from "./event";
export { isNewRegistration, type ConversionUser } from "./registration";
export { isValidAppId } from "./analytics";
