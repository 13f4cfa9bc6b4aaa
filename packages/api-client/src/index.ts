export { createApiClient, type ApiClient, type ApiClientOptions, type ApiCalls, type LoginInput } from "./client";
export { initialSnapshot, SessionMachine, type SessionEvent, type SessionOptions, type SessionSnapshot, type SessionStatus, type SessionStore } from "./session";
export {
  browserStorage,
  defaultStorage,
  isInsecureDevOrigin,
  memoryStorage,
  readCookie,
  requestStorage,
  serializeCookie,
  StorageKeys,
  type BrowserEnv,
  type ClientStorage,
  type StorageArea,
} from "./storage";
export { ApiError, ClientErrors, isUnauthorized, unwrap, type ApiFailure, type ApiResult, type ApiSuccess } from "./result";
export type { CallOptions } from "./transport";
export { captureReferral, coerceLoginRole, deriveUserType, displayName, isLoggedIn, readReferral, type UserType } from "./user";
