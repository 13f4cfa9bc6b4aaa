"use client";
import { useCallback, useState } from "react";
import { useRouter } from "next/navigation";
import type { PricePackage } from "@storyloom/contract";
import type { ApiClient, SessionSnapshot } from "@storyloom/api-client";
import { useApiClient, usePriceList } from "@storyloom/api-client/react";
import { useLoadingOverlay, useToast } from "@storyloom/ui";
import { getBrand } from "../brand";
import { artUrl } from "../catalogue/art-url";
import { parentOriginsSetting, stripePublishableKey } from "../env";

/** The toast when the payment code itself could not be loaded (offline, a stale deployment). */
const PAYMENT_FAILED_TOAST = "Payment failed, please try again later";

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
 * The purchase dialog's state (spec sections 4 and 5): opening refetches the price list and clears
 * the selection (or selects the package the visitor clicked). Buying runs the payments package's
 * state machine (runPurchase): a guest is sent to /auth/login and the dialog closes; a user's
 * payment shows the payment overlay while it is created, then goes to the provider (through
 * Stripe.js when the site has a publishable key; to the parent page when framed by an allowed
 * origin), or ends in an error toast — the overlay is released on every failure, thrown or not.
 * Pressed while the session is still starting (stored token unchecked, user not loaded yet), it waits
 * for the session with the button busy, so a signed-in buyer is never taken for a guest.
 * `initialPrices` (a server read) seeds the price list.
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
      // The payment code (and through it Stripe.js) is loaded when a purchase starts: it is in no
      // page's first-load JavaScript.
      const [{ buildPaymentRequest, chooseProvider, createPayment, redirectToPayment, runPurchase }, { inFrame, parseParentOrigins }] = await Promise.all([
        import("@storyloom/payments/client"),
        import("@storyloom/payments/frame"),
      ]);
      const brand = getBrand();
      return runPurchase({
        // The session's own snapshot, not a render's copy: it is current the moment start-up ends.
        isLoggedIn: async () => (await sessionReady(client.session)).isLoggedIn,
        goToLogin: () => {
          setOpen(false);
          router.push(`/auth/login?next=${encodeURIComponent(returnPath)}`);
        },
        showOverlay: (kind) => overlay.show(kind),
        hideOverlay: () => overlay.hide(),
        setPaying,
        toastError: (message) => toast.error(message),
        create: () => {
          const provider = chooseProvider({ configured: brand.paymentProvider, host: window.location.hostname, title: brand.name });
          // In a frame the return may land where this session's storage is not: the token rides along (handoff).
          const handoff = inFrame() ? client.session.paymentToken() : null;
          return createPayment(client.api, provider, buildPaymentRequest(provider, pkg.id, window.location.origin, handoff), { publishableKey: stripePublishableKey() });
        },
        redirect: (result) =>
          redirectToPayment(result, { navigate: (url) => window.location.assign(url), parentOrigins: parseParentOrigins(parentOriginsSetting()), source: brand.name }),
      });
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
      onPurchase: (pkg: PricePackage) => {
        void purchase(pkg).catch(() => toast.error(PAYMENT_FAILED_TOAST));
      },
    },
    prices,
  };
}
