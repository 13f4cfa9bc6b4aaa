import { describe, expect, it } from "vitest";
import { coerceLoginRole, deriveUserType, displayName, isLoggedIn } from "./user";

describe("user type", () => {
  it("is admin for admin and super_admin, user for a non-guest with e-mail, else guest", () => {
    expect(deriveUserType({ role: "admin", is_guest: false, email: null })).toBe("admin");
    expect(deriveUserType({ role: "super_admin", is_guest: false, email: "a@b.c" })).toBe("admin");
    expect(deriveUserType({ role: "normal", is_guest: false, email: "a@b.c" })).toBe("user");
    expect(deriveUserType({ role: "normal", is_guest: false, email: null })).toBe("guest");
    expect(deriveUserType({ role: "guest", is_guest: true, email: null })).toBe("guest");
    expect(deriveUserType(null)).toBe("guest");
  });

  it("coerces unknown login roles to normal and keeps super_admin (the console tells it from admin)", () => {
    expect(coerceLoginRole("guest")).toBe("guest");
    expect(coerceLoginRole("normal")).toBe("normal");
    expect(coerceLoginRole("admin")).toBe("admin");
    expect(coerceLoginRole("super_admin")).toBe("super_admin");
    expect(coerceLoginRole("Super_Admin")).toBe("normal");
    expect(coerceLoginRole("moderator")).toBe("normal");
    expect(coerceLoginRole("")).toBe("normal");
  });

  it("display name falls back to the username, then 'Guest'", () => {
    expect(displayName({ name: "Ada", username: "ada_l" })).toBe("Ada");
    expect(displayName({ name: "", username: "ada_l" })).toBe("ada_l");
    expect(displayName({ name: " ", username: null })).toBe("Guest");
    expect(displayName(null)).toBe("Guest");
  });

  it("a logged-in user holds a token and is not a guest", () => {
    expect(isLoggedIn({ is_guest: false, role: "normal" }, true)).toBe(true);
    expect(isLoggedIn({ is_guest: false, role: "normal" }, false)).toBe(false);
    expect(isLoggedIn({ is_guest: true, role: "guest" }, true)).toBe(false);
  });
});
