"use client";
import { Suspense, useEffect, useId, useState } from "react";
import { IntentLink as Link } from "../shell/intent-link";
import { useRouter } from "next/navigation";
import { useSession } from "@storyloom/api-client/react";
import { isTrackingOptedOut, readOptOutSignals, setTrackingOptOut } from "@storyloom/tracking";
import { Button, useTheme, useToast } from "@storyloom/ui";
import { legalNav } from "../shell/nav-items";
import { AgeSection, DeleteSection, ExportSection } from "./privacy-controls";

/** An on/off switch with a visible label and description (role=switch, so it reads "on"/"off"). */
function Switch({ label, description, checked, disabled, onChange }: { label: string; description: string; checked: boolean; disabled?: boolean; onChange: (on: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 py-4">
      <div>
        <p id={`${id}-label`} className="font-semibold">
          {label}
        </p>
        <p id={`${id}-desc`} className="text-sm text-muted">
          {description}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-desc`}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={`relative mt-1 inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors outline-none focus-visible:ring-2 focus-visible:ring-brand focus-visible:ring-offset-2 focus-visible:ring-offset-surface disabled:opacity-50 ${checked ? "bg-brand" : "bg-line"}`}
      >
        <span aria-hidden="true" className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${checked ? "translate-x-6" : "translate-x-1"}`} />
      </button>
    </div>
  );
}

/** Tracking opt-out as the browser and the local flag say; null until read on the client. */
function useTrackingOptOut() {
  const [state, setState] = useState<{ optedOut: boolean; doNotTrack: boolean } | null>(null);
  useEffect(() => {
    const signals = readOptOutSignals();
    if (signals) setState({ optedOut: isTrackingOptedOut(signals), doNotTrack: signals.doNotTrack === "1" });
  }, []);
  const set = (on: boolean) => {
    setTrackingOptOut(on);
    setState((s) => (s ? { ...s, optedOut: on || s.doNotTrack } : s));
  };
  return { state, set };
}

/**
 * Settings: theme, tracking opt-out, the age confirmation, the player's data (download, delete),
 * sign out, and where to read the policies or get help.
 */
export function SettingsView({ supportEmail, brandName }: { supportEmail: string; brandName: string }) {
  const router = useRouter();
  const toast = useToast();
  const { theme, setTheme } = useTheme();
  const tracking = useTrackingOptOut();
  const { ready, isLoggedIn, displayName, logout } = useSession();
  const [confirming, setConfirming] = useState(false);

  function signOut() {
    // Clears tokens, user info, payment token and the cached played/liked lists; the provider then
    // registers a fresh guest so the site keeps working.
    logout();
    setConfirming(false);
    toast.info("You have logged out.");
    router.push("/");
  }

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="appearance" className="divide-y divide-line rounded-2xl border border-line px-4">
        <h2 id="appearance" className="py-3 text-sm font-semibold uppercase tracking-wide text-muted">
          Appearance
        </h2>
        <Switch label="Dark theme" description="Dark is easier on the eyes at night. Your choice is kept on this device." checked={theme === "dark"} onChange={(on) => setTheme(on ? "dark" : "light")} />
      </section>

      <section aria-labelledby="privacy" className="divide-y divide-line rounded-2xl border border-line px-4">
        <h2 id="privacy" className="py-3 text-sm font-semibold uppercase tracking-wide text-muted">
          Privacy
        </h2>
        <Switch
          label="Opt out of ad tracking"
          description={
            tracking.state?.doNotTrack
              ? "Your browser sends Do Not Track, so ad tracking is already off."
              : "Stop sending sign-up and purchase events to advertising partners from this device."
          }
          checked={tracking.state?.optedOut ?? false}
          disabled={!tracking.state || tracking.state.doNotTrack}
          onChange={tracking.set}
        />
      </section>

      <section aria-labelledby="account" className="rounded-2xl border border-line p-4">
        <h2 id="account" className="text-sm font-semibold uppercase tracking-wide text-muted">
          Account
        </h2>
        {!ready ? (
          <p className="mt-3 text-muted" role="status">
            Loading your account…
          </p>
        ) : isLoggedIn ? (
          <div className="mt-3 flex flex-col gap-3">
            <p>
              Signed in as <strong>{displayName}</strong>.
            </p>
            {confirming ? (
              <div role="group" aria-label="Confirm log out" className="flex flex-wrap items-center gap-3">
                <p className="w-full text-sm text-muted">Log out on this device? Your coins stay on your account.</p>
                <Button variant="danger" onClick={signOut} autoFocus>
                  Yes, log out
                </Button>
                <Button variant="secondary" onClick={() => setConfirming(false)}>
                  Cancel
                </Button>
              </div>
            ) : (
              <Button variant="secondary" className="self-start" onClick={() => setConfirming(true)}>
                Log out
              </Button>
            )}
          </div>
        ) : (
          <div className="mt-3 flex flex-col gap-3">
            <p className="text-sm text-muted">You are playing as a guest.</p>
            <Link href="/user/login?next=/user/settings" className="inline-flex min-h-11 items-center self-start rounded-xl bg-brand px-5 font-semibold text-white hover:brightness-110">
              Sign in
            </Link>
          </div>
        )}
      </section>

      {/* ?next= (back to a mature story) is read on the client: the page itself stays static. */}
      <Suspense fallback={null}>
        <AgeSection />
      </Suspense>
      <ExportSection brandName={brandName} />
      <DeleteSection />

      <section aria-labelledby="help" className="rounded-2xl border border-line p-4">
        <h2 id="help" className="text-sm font-semibold uppercase tracking-wide text-muted">
          Help and policies
        </h2>
        <ul className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2">
          {legalNav.map((item) => (
            <li key={item.href}>
              <Link href={item.href} className="underline underline-offset-4 hover:text-brand">
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm">
          Need help? Write to{" "}
          <a href={`mailto:${supportEmail}`} className="underline underline-offset-4">
            {supportEmail}
          </a>
        </p>
      </section>
    </div>
  );
}
