"use client";
import { useEffect, type ReactNode } from "react";
import { usePathname, useRouter } from "next/navigation";
import { useSession } from "@storyloom/api-client/react";
import { Skeleton } from "@storyloom/ui";
import { IntentLink as Link } from "../shell/intent-link";

/**
 * Shows its children to signed-in users only. Guests (and visitors without a session) are sent to
 * the login page, which brings them back here afterwards.
 */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { ready, isLoggedIn } = useSession();
  const router = useRouter();
  const pathname = usePathname();
  const login = `/user/login?next=${encodeURIComponent(pathname)}`;
  useEffect(() => {
    if (ready && !isLoggedIn) router.replace(login);
  }, [ready, isLoggedIn, router, login]);

  if (ready && isLoggedIn) return children;
  return (
    <div aria-busy={!ready} className="flex flex-col gap-3">
      {ready ? (
        <p role="status">
          Writing stories needs an account.{" "}
          <Link href={login} className="font-semibold underline underline-offset-4">
            Sign in
          </Link>
        </p>
      ) : (
        <>
          <span className="sr-only" role="status">
            Loading
          </span>
          <Skeleton className="h-10 w-48" />
          <Skeleton className="h-40" />
        </>
      )}
    </div>
  );
}
