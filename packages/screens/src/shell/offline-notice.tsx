"use client";
import { useEffect, useState } from "react";
import { useApiClient, useSession } from "@storyloom/api-client/react";
import { Button } from "@storyloom/ui";

/**
 * Says so when the session's start-up got no answer from the server, instead of leaving the page
 * silently signed out or empty. The stored sign-in is kept (api-client README); Retry runs the
 * start-up again, and so does the browser coming back online.
 */
export function OfflineNotice() {
  const client = useApiClient();
  const offline = useSession((s) => s.offline);
  const [retrying, setRetrying] = useState(false);

  const retry = () => {
    if (retrying) return;
    setRetrying(true);
    void client.start().finally(() => setRetrying(false));
  };

  useEffect(() => {
    if (!offline) return;
    const onOnline = () => void client.start();
    window.addEventListener("online", onOnline);
    return () => window.removeEventListener("online", onOnline);
  }, [client, offline]);

  if (!offline) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-20 z-[105] mx-auto flex max-w-md items-center gap-3 rounded-2xl border border-line bg-surface-2 px-4 py-3 text-sm text-fg shadow-2xl md:bottom-4"
    >
      <p className="flex-1">We can&apos;t reach the server right now. You stay signed in on this device.</p>
      <Button size="sm" variant="secondary" loading={retrying} loadingText="Retrying…" onClick={retry}>
        Retry
      </Button>
    </div>
  );
}
