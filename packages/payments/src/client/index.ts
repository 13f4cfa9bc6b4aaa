// @storyloom/payments/client — browser-safe: provider choice, the payment adapters, the Stripe.js
// redirect (Stripe.js itself is imported only when a purchase starts), the purchase state machine
// and the payment token handoff. No server code: the server entry is a separate module.
export * from "./errors";
export * from "./flow";
export * from "./provider";
export * from "./purchase";
export * from "./stripe";
export * from "./token";
