// Public surface of @storyloom/admin-screens: the console's frame and screens, and the logic they share.
export { ConsoleShell, NAV } from "./shell";
export { ModerationScreen } from "./moderation";
export { ReportsScreen } from "./reports";
export { PlayersScreen } from "./players";
export { PlayerScreen } from "./player";
export { PlayerChatScreen } from "./player-chat";
export { AuditScreen } from "./audit";
export { auditQuery, parseAuditFilters, parsePlayerSearch, parseReportFilters, parseReviewFilters, withParams } from "./filters";
export { checkCoinAmount, checkReason, isStaffRole, newIdempotencyKey } from "./rules";
export { createConsoleApi, CONSOLE_SESSION_KEY, NOT_STAFF, readSession, writeSession, type ConsoleApi, type ConsoleSession } from "./session";
export { OrdersScreen } from "./orders";
export { OrderScreen } from "./order";
export { ReconcileScreen } from "./orders-reconcile";
