"use client";
// The console's door: the e-mail code flow (a code to the address, then the code), and only staff
// (admin, super_admin) get past it; anyone else is told so and nothing of their sign-in is kept.
import { Button, TextField } from "@storyloom/ui";
import { useState, type FormEvent } from "react";
import { useConsoleApi } from "./console-provider";

/** The sign-in screen (shown by the shell whenever no staff session is kept). */
export function SignInScreen({ notice }: { notice?: string | null }) {
  const api = useConsoleApi();
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(notice ?? null);

  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) return setError("Type the e-mail address of your staff account.");
    setBusy(true);
    const r = await api.sendCode(email.trim());
    setBusy(false);
    if (!r.ok) return setError(r.message || "The code could not be sent.");
    setError(null);
    setSent(true);
  };
  const signIn = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) return setError("Type the 6-digit code from the e-mail.");
    setBusy(true);
    const r = await api.signIn(email.trim(), code.trim());
    setBusy(false);
    if (!r.ok) setError(r.message || "Sign-in failed.");
  };

  return (
    <main id="main" className="mx-auto flex min-h-dvh max-w-sm flex-col justify-center gap-4 p-6">
      <h1 className="text-xl font-semibold">Storyloom console</h1>
      <p className="text-sm text-muted">Staff sign in with the code sent to their e-mail address.</p>
      {error && (
        <p role="alert" className="rounded border border-red-700 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      {!sent ? (
        <form onSubmit={send} className="flex flex-col gap-3" noValidate>
          <TextField id="console-email" label="E-mail" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} autoFocus />
          <Button type="submit" loading={busy}>
            Send code
          </Button>
        </form>
      ) : (
        <form onSubmit={signIn} className="flex flex-col gap-3" noValidate>
          <p className="text-sm">A code was sent to {email.trim()}.</p>
          <TextField id="console-code" label="Code" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} autoFocus />
          <Button type="submit" loading={busy}>
            Sign in
          </Button>
          <Button variant="ghost" size="sm" onClick={() => (setSent(false), setCode(""))}>
            Use another address
          </Button>
        </form>
      )}
    </main>
  );
}
