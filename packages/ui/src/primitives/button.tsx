import type { ComponentPropsWithRef, ReactNode } from "react";
import { cx } from "../cx";
import { Spinner } from "./spinner";

/** Visual variants of {@link Button}. */
export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";
/** Sizes of {@link Button}; every size keeps a touch target of at least 40px. */
export type ButtonSize = "sm" | "md" | "lg";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-brand text-white hover:brightness-110",
  secondary: "border border-line bg-surface-2 text-fg hover:bg-line",
  ghost: "bg-transparent text-fg hover:bg-surface-2",
  danger: "bg-red-600 text-white hover:bg-red-700",
};
const sizes: Record<ButtonSize, string> = {
  sm: "min-h-10 px-3 text-sm",
  md: "min-h-11 px-4 text-base",
  lg: "min-h-12 px-6 text-lg",
};

/** Shared focus ring so every interactive element shows keyboard focus the same way. */
export const focusRing =
  "outline-none focus-visible:ring-2 focus-visible:ring-brand focus-visible:ring-offset-2 focus-visible:ring-offset-surface";

/** Props of {@link Button}. */
export interface ButtonProps extends ComponentPropsWithRef<"button"> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, sets aria-busy and blocks clicks; `loadingText` replaces the label if given. */
  loading?: boolean;
  loadingText?: ReactNode;
  fullWidth?: boolean;
}

/** The product's button: variants, sizes and a loading state that keeps the button disabled. */
export function Button({
  variant = "primary",
  size = "md",
  loading = false,
  loadingText,
  fullWidth = false,
  disabled,
  className,
  children,
  type = "button",
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={cx(
        "inline-flex items-center justify-center gap-2 rounded-xl font-semibold transition-[filter,background-color] disabled:cursor-not-allowed disabled:opacity-50",
        focusRing,
        variants[variant],
        sizes[size],
        fullWidth && "w-full",
        className,
      )}
      {...props}
    >
      {loading && <Spinner size={size === "lg" ? 20 : 16} />}
      {loading && loadingText !== undefined ? loadingText : children}
    </button>
  );
}

/** Props of {@link IconButton}: `label` is required because the button shows only an icon. */
export interface IconButtonProps extends Omit<ComponentPropsWithRef<"button">, "aria-label"> {
  label: string;
}

/** A square button holding only an icon, named for screen readers through `label`. */
export function IconButton({ label, className, type = "button", children, ...props }: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={cx(
        "inline-flex size-10 shrink-0 items-center justify-center rounded-full text-muted hover:bg-surface-2 hover:text-fg disabled:opacity-50",
        focusRing,
        className,
      )}
      {...props}
    >
      {children}
    </button>
  );
}
