"use client";
import { useId, useState, type FormEvent } from "react";
import { useSession, useStory, useSubscribe, useUnsubscribe } from "@storyloom/api-client/react";
import { Button, useToast } from "@storyloom/ui";
import { emailError, subscribeMessage, type SubscribeStatus } from "./subscribe-logic";

/**
 * "Get new chapters by e-mail": validates the address before sending, then tells apart a new
 * subscription, one that already existed, and a failure; a subscribed visitor can cancel.
 */
export function SubscribeForm({ storyId, title }: { storyId: string; title: string }) {
  const story = useStory(storyId);
  const accountEmail = useSession((s) => s.user?.email ?? "");
  const subscribe = useSubscribe();
  const unsubscribe = useUnsubscribe();
  const toast = useToast();
  const id = useId();
  const [email, setEmail] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [status, setStatus] = useState<SubscribeStatus>("idle");
  const value = email ?? accountEmail;
  const subscribed = story.data?.story.subscribed ?? false;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const problem = emailError(value);
    setFieldError(problem);
    if (problem) return;
    const wasSubscribed = subscribed;
    setStatus("sending");
    subscribe.mutate(
      { story_id: storyId, email: value.trim() },
      {
        onSuccess: () => setStatus(wasSubscribed ? "duplicate" : "subscribed"),
        onError: () => setStatus("error"),
      },
    );
  };

  const onCancel = () =>
    unsubscribe.mutate(
      { story_id: storyId },
      {
        onSuccess: () => {
          setStatus("idle");
          toast.info("Subscription cancelled. No more e-mails about this story.");
        },
        onError: (err) => toast.error(err.message || "Could not cancel the subscription"),
      },
    );

  const done = status === "subscribed" || status === "duplicate";
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-line bg-surface-2 p-4" data-testid="subscribe">
      <h2 id={`${id}-title`} className="font-semibold text-fg">Get new chapters by e-mail</h2>
      <p role="status" aria-live="polite" className="mt-1 text-sm text-fg empty:hidden">
        {done || status === "error" ? subscribeMessage(status, value.trim(), title) : subscribed ? "You are subscribed to this story." : ""}
      </p>
      {subscribed || done ? (
        <Button variant="ghost" size="sm" className="mt-2" onClick={onCancel} loading={unsubscribe.isPending}>
          Cancel subscription
        </Button>
      ) : (
        <form noValidate onSubmit={onSubmit} className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-start">
          <div className="flex-1">
            <label htmlFor={`${id}-email`} className="sr-only">E-mail address</label>
            <input
              id={`${id}-email`}
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder="you@example.com"
              value={value}
              onChange={(e) => {
                setEmail(e.target.value);
                if (fieldError) setFieldError(null);
              }}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? `${id}-error` : undefined}
              className="h-11 w-full rounded-xl border border-line bg-surface px-3 text-fg placeholder:text-muted focus-visible:outline-2 focus-visible:outline-brand aria-invalid:border-red-500"
            />
            {fieldError ? <p id={`${id}-error`} className="mt-1 text-sm text-fg"><span aria-hidden="true" className="text-red-500">● </span>{fieldError}</p> : null}
          </div>
          <Button type="submit" loading={status === "sending"} loadingText="Subscribing…">Subscribe</Button>
        </form>
      )}
    </section>
  );
}
