"use client";
import { useId, useState } from "react";
import { useRouter, useSearchParams } from "next/navigation";
import { useAccountDelete, useAccountDeleteCode, useAgeConfirm, useApiClient, useSession } from "@storyloom/api-client/react";
import { unwrap } from "@storyloom/api-client";
import { Button, dangerText, useToast } from "@storyloom/ui";
import { IntentLink as Link } from "../shell/intent-link";
import { errorText } from "../tasks/messages";
import { CodeInput } from "./code-input";
import { useCountdown } from "./use-countdown";
import { dayText, deletionSteps, exportFileName, exportText } from "./privacy-logic";

const sectionClass = "flex flex-col gap-3 rounded-2xl border border-line p-4";
const headingClass = "text-sm font-semibold uppercase tracking-wide text-muted";

function ErrorLine({ error }: { error: unknown }) {
  return error ? (
    <p role="alert" className={`text-sm ${dangerText}`}>
      {errorText(error)}
    </p>
  ) : null;
}

/** Where to go back after confirming: a site path from `?next=` (a mature story), else nowhere. */
function useNext(): string | null {
  const next = useSearchParams().get("next") ?? "";
  return /^\/(?!\/)[\w\-/.%]*$/.test(next) ? next : null;
}

/**
 * "I confirm I am 18 or older": stored on the account (the time shows after), it opens mature
 * stories. Guests are told to sign in first, since a guest has no account to hold it.
 */
export function AgeSection() {
  const { ready, isLoggedIn, user } = useSession();
  const confirm = useAgeConfirm();
  const next = useNext();
  const [checked, setChecked] = useState(false);
  const id = useId();
  const at = user?.adult_confirmed_at ?? confirm.data?.user.adult_confirmed_at ?? null;
  return (
    <section id="age" aria-labelledby={`${id}-h`} className={sectionClass}>
      <h2 id={`${id}-h`} className={headingClass}>
        Age
      </h2>
      <p className="text-sm text-muted">Stories rated Mature (18+) open only for signed-in players who confirm here that they are 18 or older.</p>
      {!ready ? null : !isLoggedIn ? (
        <p className="text-sm">
          <Link href={`/auth/login?next=${encodeURIComponent("/user/settings#age")}`} className="font-semibold underline underline-offset-4">
            Sign in
          </Link>{" "}
          to confirm your age: a guest has no account to keep it on.
        </p>
      ) : at ? (
        <p role="status" className="text-sm" data-testid="age-confirmed">
          You confirmed you are 18 or older on {dayText(at)}.{" "}
          {next ? (
            <Link href={next} className="font-semibold underline underline-offset-4">
              Back to the story
            </Link>
          ) : null}
        </p>
      ) : (
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (checked) confirm.mutate({ confirm: true });
          }}
        >
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" checked={checked} onChange={(e) => setChecked(e.target.checked)} className="mt-1 accent-brand" />
            <span>I confirm I am 18 or older</span>
          </label>
          <ErrorLine error={confirm.error} />
          <Button type="submit" variant="secondary" className="self-start" disabled={!checked} loading={confirm.isPending} loadingText="Saving…">
            Save confirmation
          </Button>
        </form>
      )}
    </section>
  );
}

/** Saves `text` as a file named `name` through a temporary link. */
function saveFile(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = Object.assign(document.createElement("a"), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** "Download my data": everything the service holds about the caller, as one .json file. */
export function ExportSection({ brandName }: { brandName: string }) {
  const client = useApiClient();
  const { isLoggedIn } = useSession();
  const [state, setState] = useState<{ busy: boolean; error: unknown; done: boolean }>({ busy: false, error: null, done: false });
  const id = useId();
  async function download() {
    setState({ busy: true, error: null, done: false });
    try {
      const data = unwrap(await client.call("dataExport"));
      saveFile(exportFileName(brandName, new Date()), exportText(data.export));
      setState({ busy: false, error: null, done: true });
    } catch (error) {
      setState({ busy: false, error, done: false });
    }
  }
  return (
    <section aria-labelledby={`${id}-h`} className={sectionClass}>
      <h2 id={`${id}-h`} className={headingClass}>
        Your data
      </h2>
      <p className="text-sm text-muted">
        {isLoggedIn ? "Your profile, coins, orders, chats, stories and reports" : "What this device's guest account holds: coins, chats and reports"}, in one JSON file.
      </p>
      <Button variant="secondary" className="self-start" onClick={() => void download()} loading={state.busy} loadingText="Preparing…">
        Download my data
      </Button>
      {state.done ? (
        <p role="status" className="text-sm">
          Your file is downloading.
        </p>
      ) : null}
      <ErrorLine error={state.error} />
    </section>
  );
}

type DeleteStep = "idle" | "explain" | "code";

/** The code step of a deletion: the mailed code, then the final, irreversible button. */
function DeleteCode({ del, onCancel, resend }: { del: ReturnType<typeof useAccountDelete>; onCancel: () => void; resend: { left: number; send: () => void; pending: boolean } }) {
  const id = useId();
  const [code, setCode] = useState("");
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (code.length === 6) del.mutate({ code });
      }}
    >
      <label htmlFor={`${id}-code`} className="text-sm font-semibold">
        6-digit code from the e-mail we sent you
      </label>
      <CodeInput id={`${id}-code`} value={code} onChange={setCode} invalid={del.isError} describedBy={del.isError ? `${id}-err` : undefined} />
      {del.isError ? (
        <p id={`${id}-err`} role="alert" className={`text-sm ${dangerText}`}>
          {errorText(del.error)}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="danger" disabled={code.length !== 6} loading={del.isPending} loadingText="Deleting…">
          Delete my account for good
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Keep my account
        </Button>
        <Button variant="ghost" onClick={resend.send} disabled={resend.left > 0} loading={resend.pending}>
          {resend.left > 0 ? `Send a new code in ${resend.left} s` : "Send a new code"}
        </Button>
      </div>
    </form>
  );
}

/**
 * "Delete my account": what happens and the 30-day window first, then a code mailed to the
 * account's address, then the deletion; the player is signed out on this device at once.
 */
export function DeleteSection() {
  const router = useRouter();
  const toast = useToast();
  const { ready, isLoggedIn, logout } = useSession();
  const [step, setStep] = useState<DeleteStep>("idle");
  const sendCode = useAccountDeleteCode();
  // Here, not in the code step: the session turns into a guest's at once, and the step unmounts.
  const del = useAccountDelete({
    onSuccess: (d) => {
      setStep("idle");
      logout();
      toast.info(`Your account is deleted. Everything it held is erased by ${dayText(d.erase_by)}.`);
      router.push("/");
    },
  });
  const countdown = useCountdown();
  const id = useId();
  const send = () => sendCode.mutate(undefined, { onSuccess: (d) => (countdown.start(d.resend_in), setStep("code")) });
  if (!ready) return null;
  if (!isLoggedIn) {
    return (
      <section aria-labelledby={`${id}-h`} className={sectionClass}>
        <h2 id={`${id}-h`} className={headingClass}>
          Delete account
        </h2>
        <p className="text-sm text-muted">A guest account has no e-mail to confirm a deletion with. It is erased after 12 months without activity; sign in to delete an account whenever you like.</p>
      </section>
    );
  }
  return (
    <section aria-labelledby={`${id}-h`} className={sectionClass}>
      <h2 id={`${id}-h`} className={headingClass}>
        Delete account
      </h2>
      {step === "idle" ? (
        <Button variant="secondary" className="self-start" onClick={() => setStep("explain")}>
          Delete my account…
        </Button>
      ) : null}
      {step === "explain" || step === "code" ? (
        <div role="group" aria-label="What deleting your account does" className="flex flex-col gap-3">
          <ul className="list-disc pl-5 text-sm">
            {deletionSteps().map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
          {step === "explain" ? (
            <div className="flex flex-wrap gap-2">
              <Button variant="danger" onClick={send} loading={sendCode.isPending} loadingText="Sending…">
                Send me a code to confirm
              </Button>
              <Button variant="secondary" onClick={() => setStep("idle")}>
                Cancel
              </Button>
            </div>
          ) : (
            <DeleteCode del={del} resend={{ left: countdown.left, send, pending: sendCode.isPending }} onCancel={() => setStep("idle")} />
          )}
          <ErrorLine error={sendCode.error} />
        </div>
      ) : null}
    </section>
  );
}
