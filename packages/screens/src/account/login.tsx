import type { Metadata } from "next";
import { getBrand } from "../brand";
import { LoginForm } from "./login-form";
import { safeNextPath } from "./login-logic";
import { PageFrame } from "@storyloom/ui";

/** Title of the sign-in page. */
export const metadata: Metadata = { title: "Sign in" };

/**
 * /user/login and /auth/login (where a guest who tries to buy is sent): the e-mail code login.
 * `?next=` is kept so the buyer returns to the coins page; only same-site paths are honoured.
 */
export default async function LoginScreen({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { next } = await searchParams;
  const brand = getBrand();
  return (
    <PageFrame width="sm" title={`Sign in to ${brand.name}`} lead="We e-mail you a 6-digit code: no password needed. Your guest coins and progress come with you.">
      <LoginForm next={safeNextPath(next)} />
    </PageFrame>
  );
}
