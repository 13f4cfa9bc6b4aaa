// Public surface of @storyloom/ui. Client modules carry their own "use client" banner, so server
// components can import the barrel and still use the server-safe parts (ThemeScript, ErrorPage
// helpers, formatters).
export { cx } from "./cx";
export { formatCoins, formatDollars } from "./format";

export { Avatar, type AvatarProps } from "./primitives/avatar";
export { Badge, type BadgeTone } from "./primitives/badge";
export { Button, IconButton, focusRing, type ButtonProps, type ButtonSize, type ButtonVariant, type IconButtonProps } from "./primitives/button";
export { CloseIcon, DiamondIcon } from "./primitives/icons";
export { Skeleton, type SkeletonProps } from "./primitives/skeleton";
export { Spinner, type SpinnerProps } from "./primitives/spinner";
export { EmptyState, ErrorState, type EmptyStateProps, type ErrorStateProps } from "./primitives/states";
export { VisuallyHidden } from "./primitives/visually-hidden";
export { TextField, dangerText, inputClass, type TextFieldProps } from "./primitives/text-field";
export { PageFrame, type PageFrameProps } from "./primitives/page-frame";

export { Drawer, Modal, preloadDialog, ResponsiveDialog, type DialogProps, type DialogVariant } from "./dialog/dialog";
export { DESKTOP_DIALOG_QUERY, useIsClient, useMediaQuery } from "./dialog/use-media-query";

export { PRICE_LIST_ERROR, PurchaseDialog, type PurchaseDialogProps } from "./purchase/purchase-dialog";
export { PricePackageOption, type PricePackageOptionProps } from "./purchase/price-package-option";

export { LoadingOverlay, PAYMENT_STEPS, PAYMENT_STEP_MS, usePaymentStep, type LoadingKind, type LoadingOverlayProps } from "./loading-overlay/loading-overlay";
export { LoadingOverlayProvider, useLoadingOverlay, type LoadingOverlayApi } from "./loading-overlay/loading-overlay-provider";

export { TOAST_DURATION_MS, TOAST_ERROR_DURATION_MS, TOAST_LIMIT, pushToast, toastDuration, type Toast, type ToastKind } from "./toast/toast-queue";
export { ToastProvider, useToast, type ToastApi, type ToastInput } from "./toast/toast-provider";
export { TOAST_REGISTRATION_TIMEOUT_MS, registerToastInstance, showToast, waitForToastInstance, type ToastInstance } from "./toast/toast-instance";

export { ErrorPage, type ErrorPageProps } from "./error-page/error-page";
export { ErrorDetail } from "./error-page/error-detail";
export { errorCase, errorContent, errorTitle, type ErrorCase } from "./error-page/error-content";
export { isBot } from "./error-page/is-bot";

export { DEFAULT_THEME, THEME_STORAGE_KEY, ThemeScript, themeInitScript, type Theme, type ThemeScriptProps } from "./theme/theme-script";
export { readStoredTheme, setTheme, useTheme, type ThemeApi } from "./theme/use-theme";

export {
  BUILD_CHECK_TIMEOUT_MS,
  CHUNK_RELOAD_GUARD_MS,
  CHUNK_RELOAD_KEY,
  failedChunkUrl,
  installChunkErrorGuard,
  isChunkLoadError,
  reloadOnceForChunkError,
  serverAnswers,
  type ChunkGuardOptions,
} from "./chunk-guard/chunk-guard";
export { ChunkErrorGuard } from "./chunk-guard/chunk-error-guard";
