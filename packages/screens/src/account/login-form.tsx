"use client";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { IntentLink as Link } from "../shell/intent-link";
import { useSession } from "@storyloom/api-client/react";
import { Button, TextField, dangerText } from "@storyloom/ui";
import { CodeInput } from "./code-input";
import { looksLikeEmail, retryAfterSeconds } from "./login-logic";
import { useCountdown } from "./use-countdown";

type Step = "email" | "code";

/**
 * The e-mail code login of spec sections 4 and 5: send a code, type or paste it, sign in. A guest
 * becomes a user in the session store and goes on to `next`. The resend button waits out the
 * server's 60 s (or what a 429 answer says).
 */
export function LoginForm({ next }: { next: string }) {
  const router = useRouter();
  const sendCode = useSession((s) => s.sendCode);
  const loginWithCode = useSession((s) => s.loginWithCode);
  const signedInAs = useSession((s) => (s.isLoggedIn ? s.displayName : null));
  const [step, setStep] = useState<Step>("email");
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<"send" | "login" | null>(null);
  const [done, setDone] = useState(false);
  const { left, start } = useCountdown();
  const ids = { email: useId(), code: useId(), status: useId() };
  const codeRef = useRef<HTMLInputElement>(null);

  // Moving to the code step puts the caret where the next keystroke belongs.
  useEffect(() => {
    if (step === "code") codeRef.current?.focus();
  }, [step]);

  async function requestCode() {
    setError(null);
    setNotice(null);
    setBusy("send");
    const r = await sendCode({ email });
    setBusy(null);
    if (r.ok) {
      start(r.data.resend_in);
      setStep("code");
      setNotice(`We sent a 6-digit code to ${email.trim()}. It expires in ${Math.round(r.data.expires_in / 60)} minutes.`);
      return;
    }
    if (r.status === 429) {
      // A code was sent moments ago; it is still valid, so let the visitor type it while waiting.
      const wait = retryAfterSeconds(r.details);
      start(wait);
      setStep("code");
      setError(`${r.message}. You can request a new code in ${wait} s.`);
      return;
    }
    setError(r.message);
  }

  async function onSendCode(event: FormEvent) {
    event.preventDefault();
    if (!looksLikeEmail(email)) {
      setError("Enter a valid e-mail address.");
      return;
    }
    await requestCode();
  }

  async function onLogin(event: FormEvent) {
    event.preventDefault();
    if (code.length !== 6) {
      setError("Enter the 6-digit code from the e-mail.");
      return;
    }
    setError(null);
    setBusy("login");
    const r = await loginWithCode({ email, code });
    if (!r.ok) {
      setBusy(null);
      setError(r.message);
      codeRef.current?.select();
      return;
    }
    setDone(true);
    setNotice("Signed in. Taking you back…");
    router.replace(next);
  }

  if (signedInAs && !done && step === "email") {
    return (
      <div className="flex flex-col gap-4 text-center">
        <p>
          You are signed in as <strong>{signedInAs}</strong>.
        </p>
        <Link href={next} className="font-semibold text-brand underline underline-offset-4">
          Continue
        </Link>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-5">
      <div id={ids.status} aria-live="polite" className="min-h-5 text-sm text-muted">
        {notice}
      </div>
      {error && (
        <p role="alert" className={`-mt-3 text-sm ${dangerText}`}>
          {error}
        </p>
      )}
      {step === "email" ? (
        <form onSubmit={onSendCode} noValidate className="flex flex-col gap-4">
          <TextField
            id={ids.email}
            label="E-mail"
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            required
            autoFocus
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="you@example.com"
          />
          <Button type="submit" size="lg" fullWidth loading={busy === "send"} loadingText="Sending…">
            Send code
          </Button>
        </form>
      ) : (
        <form onSubmit={onLogin} noValidate className="flex flex-col gap-4">
          <div>
            <label htmlFor={ids.code} className="mb-1.5 block text-sm font-semibold">
              6-digit code
            </label>
            <CodeInput ref={codeRef} id={ids.code} value={code} onChange={setCode} disabled={busy === "login" || done} describedBy={ids.status} />
          </div>
          <Button type="submit" size="lg" fullWidth loading={busy === "login" || done} loadingText="Signing in…" disabled={code.length !== 6}>
            Sign in
          </Button>
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <Button variant="ghost" size="sm" onClick={() => void requestCode()} disabled={left > 0 || busy !== null || done}>
              {left > 0 ? `Resend code in ${left} s` : "Resend code"}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              disabled={busy !== null || done}
              onClick={() => {
                setStep("email");
                setCode("");
                setError(null);
                setNotice(null);
              }}
            >
              Use a different e-mail
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
