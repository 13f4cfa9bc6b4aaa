"use client";
import { useCallback, useState } from "react";
import { useRouter } from "next/navigation";
import type { PricePackage } from "@storyloom/contract";
import type { ApiClient, SessionSnapshot } from "@storyloom/api-client";
import { useApiClient, usePriceList } from "@storyloom/api-client/react";
import { buildPaymentRequest, chooseProvider, createPayment, paymentRedirect } from "@storyloom/payments";
import { useLoadingOverlay, useToast } from "@storyloom/ui";
import { getBrand } from "../brand";
import { artUrl } from "../catalogue/art-url";

/** Package art from the site's own origin, like every other picture of the API's art. */
function withSiteArt(list: PricePackage[]): PricePackage[] {
  return list.map((p) => (p.extra.background_url ? { ...p, extra: { ...p.extra, background_url: artUrl(p.extra.background_url) } } : p));
}

/** The session's snapshot once its start-up has finished: at once when it has, else on the change that ends it. */
export function sessionReady(session: ApiClient["session"]): Promise<SessionSnapshot> {
  const now = session.getSnapshot();
  if (now.ready) return Promise.resolve(now);
  return new Promise((resolve) => {
    const stop = session.subscribe((snapshot) => {
      if (!snapshot.ready) return;
      stop();
      resolve(snapshot);
    });
  });
}

/**
 * The purchase dialog's state machine (spec sections 4 and 5): opening refetches the price list and
 * clears the selection (or selects the package the visitor clicked); a guest who buys is sent to
 * /auth/login and the dialog closes; a user's payment shows the payment overlay while it is created,
 * then goes to the provider, or ends in an error toast with the server's reason. Pressed while the
 * session is still starting (stored token unchecked, user not loaded yet), it waits for the session
 * with the button busy, so a signed-in buyer is never taken for a guest. `initialPrices`
 * (a server read) seeds the price list, so a page can show its packages without waiting for it.
 */
export function usePurchase(returnPath: string, initialPrices?: PricePackage[]) {
  const router = useRouter();
  const client = useApiClient();
  const overlay = useLoadingOverlay();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  // `select` maps the server's seed and every refetch alike, so a refetch never swaps the picture.
  const prices = usePriceList({ initialData: initialPrices, select: withSiteArt });

  const openDialog = useCallback(
    (preselect?: string) => {
      setSelectedId(preselect ?? null);
      setOpen(true);
      void prices.refetch();
    },
    [prices],
  );

  const close = useCallback(() => {
    if (!paying) setOpen(false);
  }, [paying]);

  const purchase = useCallback(
    async (pkg: PricePackage) => {
      setPaying(true);
      // The session's own snapshot, not a render's copy: it is current the moment start-up ends.
      const session = await sessionReady(client.session);
      if (!session.isLoggedIn) {
        setPaying(false);
        setOpen(false);
        router.push(`/auth/login?next=${encodeURIComponent(returnPath)}`);
        return;
      }
      overlay.show("payment");
      const brand = getBrand();
      const provider = chooseProvider({ configured: brand.paymentProvider, host: window.location.hostname, title: brand.name });
      const result = await createPayment(client.api, provider, buildPaymentRequest(provider, pkg.id, window.location.origin));
      const next = paymentRedirect(result);
      if ("url" in next) {
        overlay.show("redirect");
        window.location.assign(next.url);
        return;
      }
      overlay.hide();
      setPaying(false);
      toast.error(next.error);
    },
    [client, overlay, returnPath, router, toast],
  );

  return {
    open,
    openDialog,
    dialogProps: {
      open,
      onClose: close,
      packages: prices.data,
      loading: prices.isFetching && !prices.data,
      error: prices.isError && !prices.data,
      onRetry: () => void prices.refetch(),
      selectedId,
      onSelect: setSelectedId,
      paying,
      onPurchase: (pkg: PricePackage) => void purchase(pkg),
    },
    prices,
  };
}
