"use client";
import { useState, type ReactNode } from "react";
import { IntentLink as Link } from "../shell/intent-link";
import { displayName } from "@storyloom/api-client";
import { useApiClient, useSession } from "@storyloom/api-client/react";
import { Avatar, Badge, Button, ErrorState, Skeleton } from "@storyloom/ui";
import { CoinBalance } from "./coin-balance";
import { ProfileForm } from "./profile-form";
import { avatarSources } from "../catalogue/art-url";
import { NoticesLink } from "../safety/notices-view";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-xl bg-surface-2 p-3">
      <dt className="text-xs uppercase tracking-wide text-muted">{label}</dt>
      <dd className="mt-1 font-semibold">{children}</dd>
    </div>
  );
}

/** The profile: who you are and your coins; users edit their details, guests are invited to sign in. */
export function ProfileView() {
  const client = useApiClient();
  const { ready, user, isLoggedIn } = useSession();
  const [editing, setEditing] = useState(false);
  const [retrying, setRetrying] = useState(false);

  if (!ready) {
    return (
      <div aria-busy="true" className="flex flex-col gap-4">
        <span className="sr-only" role="status">
          Loading your profile
        </span>
        <div className="flex items-center gap-4">
          <Skeleton className="size-20 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-6 w-40" />
            <Skeleton className="h-4 w-24" />
          </div>
        </div>
        <Skeleton className="h-24" />
      </div>
    );
  }
  if (!user) {
    return (
      <ErrorState
        message="We couldn't load your profile. Check your connection and try again."
        retrying={retrying}
        onRetry={() => {
          setRetrying(true);
          void client.start().finally(() => setRetrying(false));
        }}
      />
    );
  }

  const name = displayName(user);
  return (
    <div className="flex flex-col gap-6">
      <section aria-label="Account" className="flex items-center gap-4">
        <Avatar {...(user.avatar_url ? avatarSources(user.avatar_url, 80) : { src: user.avatar_url })} name={name} size={80} />
        <div className="min-w-0">
          <p className="truncate text-xl font-semibold">{name}</p>
          {user.username && <p className="truncate text-muted">@{user.username}</p>}
          {user.email && <p className="truncate text-sm text-muted">{user.email}</p>}
          {!isLoggedIn && <Badge tone="neutral">Guest · not signed in</Badge>}
        </div>
      </section>

      <dl className="grid grid-cols-3 gap-3">
        <Fact label="Level">{user.level}</Fact>
        <Fact label="VIP">{user.vip_level > 0 ? `VIP ${user.vip_level}` : "—"}</Fact>
        <Fact label="Coins">
          <Link href="/user/coins" className="underline-offset-4 hover:underline">
            <CoinBalance coins={user.coins} />
          </Link>
        </Fact>
      </dl>

      {isLoggedIn ? (
        editing ? (
          <ProfileForm user={user} onDone={() => setEditing(false)} />
        ) : (
          <div className="flex flex-wrap gap-3">
            <Button onClick={() => setEditing(true)}>Edit profile</Button>
            <Link href="/user/stories" className="inline-flex min-h-11 items-center rounded-xl border border-line px-4 font-semibold hover:bg-surface-2">
              My stories
            </Link>
            <Link href="/user/settings" className="inline-flex min-h-11 items-center rounded-xl border border-line px-4 font-semibold hover:bg-surface-2">
              Settings
            </Link>
            <NoticesLink className="inline-flex min-h-11 items-center rounded-xl border border-line px-4 font-semibold hover:bg-surface-2" />
          </div>
        )
      ) : (
        <section aria-labelledby="guest-cta" className="rounded-2xl border border-line bg-surface-2 p-5">
          <h2 id="guest-cta" className="text-lg font-semibold">
            Keep your coins and stories
          </h2>
          <p className="mt-1 text-sm text-muted">You are playing as a guest. Sign in with your e-mail to buy coins, keep your progress on any device and set a name.</p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Link href="/user/login?next=/user/profile" className="inline-flex min-h-11 items-center rounded-xl bg-brand px-5 font-semibold text-white hover:brightness-110">
              Sign in
            </Link>
            <Link href="/user/settings" className="inline-flex min-h-11 items-center rounded-xl border border-line px-4 font-semibold hover:bg-surface">
              Settings
            </Link>
            <NoticesLink className="inline-flex min-h-11 items-center rounded-xl border border-line px-4 font-semibold hover:bg-surface" />
          </div>
        </section>
      )}
    </div>
  );
}
