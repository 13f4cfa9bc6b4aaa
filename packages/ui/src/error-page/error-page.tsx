// Server-safe: a server component (the not-found screen) renders it without shipping its code; only
// the buttons (error-actions.tsx) are a client component.
import { type ReactNode, useId } from "react";
import { ErrorActions } from "./error-actions";
import { ErrorDetail } from "./error-detail";
import { errorCase, errorContent } from "./error-content";

/** Props of {@link ErrorPage}. */
export interface ErrorPageProps {
  /** HTTP status, or 0 / -1 for a request that never got an answer. */
  status?: number;
  /** Support address for the contact link, e.g. support@storyloom.ai. */
  supportEmail: string;
  /** A specific line such as 'Page Not Found: /story/x' (a string), or a node that renders its own {@link ErrorDetail}. */
  detail?: ReactNode;
  /** Overrides the case's default message. */
  message?: string;
  homeHref?: string;
  /** Called instead of history.back(), e.g. a router's back. */
  onGoBack?: () => void;
  /** Called instead of location.reload(), e.g. a Next.js error boundary's reset. */
  onReload?: () => void;
  /** Brand logo or other content above the title. */
  header?: ReactNode;
}

/** The full-page error: 404, 500, connection and unknown cases with actions and suggestions. */
export function ErrorPage({ status, supportEmail, detail, message, homeHref = "/", onGoBack, onReload, header }: ErrorPageProps) {
  const content = errorContent[errorCase(status)];
  const suggestionsId = useId();
  const subject = encodeURIComponent(`${content.title}${status !== undefined && status > 0 ? ` (${status})` : ""}`);
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-xl flex-col items-center justify-center gap-5 px-5 py-10 text-center text-fg">
      {header}
      {status !== undefined && status > 0 && (
        <p aria-hidden="true" className="text-6xl font-semibold text-brand">
          {status}
        </p>
      )}
      <h1 className="text-2xl font-semibold md:text-3xl">{content.title}</h1>
      <p className="text-muted">{message ?? content.message}</p>
      {typeof detail === "string" ? detail && <ErrorDetail>{detail}</ErrorDetail> : detail}
      <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
        <a
          href={homeHref}
          className="inline-flex min-h-11 items-center justify-center rounded-xl bg-brand px-4 font-semibold text-white outline-none hover:brightness-110 focus-visible:ring-2 focus-visible:ring-brand focus-visible:ring-offset-2 focus-visible:ring-offset-surface"
        >
          Go Home
        </a>
        <ErrorActions homeHref={homeHref} onGoBack={onGoBack} onReload={onReload} />
      </div>
      <section aria-labelledby={suggestionsId} className="w-full rounded-2xl border border-line bg-surface-2 p-4 text-left">
        <h2 id={suggestionsId} className="mb-2 font-semibold">
          What you can try
        </h2>
        <ul className="list-disc space-y-1 pl-5 text-sm text-muted">
          {content.suggestions.map((suggestion) => (
            <li key={suggestion}>{suggestion}</li>
          ))}
        </ul>
      </section>
      <p className="text-sm text-muted">
        Still stuck?{" "}
        <a href={`mailto:${supportEmail}?subject=${subject}`} className="font-semibold text-fg underline decoration-brand decoration-2 underline-offset-2">
          Contact support
        </a>
      </p>
    </main>
  );
}
