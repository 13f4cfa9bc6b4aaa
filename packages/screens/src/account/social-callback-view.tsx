"use client";
import { useEffect, useRef, useState } from "react";
import { IntentLink as Link } from "../shell/intent-link";
import { useRouter } from "next/navigation";
import { useApiClient, useSession } from "@storyloom/api-client/react";
import { Spinner } from "@storyloom/ui";
import { parseCallbackTokens } from "@storyloom/api-client/social-callback";

/** Stores the tokens of a social sign-in through the session, checks them with the server, then goes home. */
export default function SocialCallbackView() {
  const client = useApiClient();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const ready = useSession((s) => s.ready);

  useEffect(() => {
    // Wait for the start-up sequence: a first visit signs up a guest, which must not overwrite the
    // tokens stored here. Strict mode runs effects twice in development; consume the tokens once.
    if (!ready || started.current) return;
    started.current = true;
    const parsed = parseCallbackTokens(window.location.hash, window.location.search);
    // Tokens must not stay in the address bar, history or a later referrer.
    window.history.replaceState(window.history.state, "", window.location.pathname);
    if ("error" in parsed) {
      setError(parsed.error);
      return;
    }
    client.session.storeAuth(parsed.tokens);
    void client.call("whoami").then((r) => {
      if (r.ok) {
        client.session.storeUser(r.data.user, true);
        router.replace("/");
      } else {
        // A refused token must not linger: the session machine then starts a fresh guest.
        client.session.clearAuth();
        void client.start();
        setError("This sign-in link has expired or is not valid.");
      }
    });
  }, [client, router, ready]);

  if (error) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 text-center">
        <p className="text-lg font-semibold">We couldn&apos;t sign you in</p>
        <p className="text-muted">{error}</p>
        <Link href="/user/login" className="inline-flex min-h-11 items-center rounded-xl bg-brand px-5 font-semibold text-white">
          Sign in with e-mail
        </Link>
      </div>
    );
  }
  return (
    <p role="status" className="flex items-center justify-center gap-3">
      <Spinner size={20} /> Signing you in…
    </p>
  );
}
