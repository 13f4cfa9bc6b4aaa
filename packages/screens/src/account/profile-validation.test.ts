import { describe, expect, it } from "vitest";
import { serverFieldErrors, validateProfile } from "./profile-validation";

const current = { name: "Ada", username: "ada", avatarUrl: "" };

describe("validateProfile", () => {
  it("sends only the fields that changed, trimmed", () => {
    expect(validateProfile({ ...current, name: "  Ada L. " }, current)).toEqual({ update: { name: "Ada L." }, errors: {} });
    expect(validateProfile(current, current)).toEqual({ update: {}, errors: {} });
  });
  it("removes the avatar when emptied and accepts an https address", () => {
    const withAvatar = { ...current, avatarUrl: "https://img.example/a.png" };
    expect(validateProfile({ ...withAvatar, avatarUrl: "" }, withAvatar).update).toEqual({ avatar_url: null });
    expect(validateProfile(withAvatar, current).update).toEqual({ avatar_url: "https://img.example/a.png" });
  });
  it("names each broken field", () => {
    const { update, errors } = validateProfile({ name: "", username: "a b", avatarUrl: "ftp://x" }, current);
    expect(update).toEqual({});
    expect(Object.keys(errors).sort()).toEqual(["avatarUrl", "name", "username"]);
    expect(validateProfile({ ...current, username: "ab" }, current).errors.username).toMatch(/3 to 30/);
    expect(validateProfile({ ...current, name: "x".repeat(51) }, current).errors.name).toMatch(/50/);
  });
});

describe("serverFieldErrors", () => {
  it("turns a 409 into a taken username", () => {
    expect(serverFieldErrors({ status: 409, code: "CONFLICT", message: "That username is taken" }).username).toMatch(/taken/);
  });
  it("maps validation fields to form fields and ignores the rest", () => {
    const errors = serverFieldErrors({ status: 400, code: "VALIDATION_ERROR", message: "Invalid body", details: { fields: [{ path: "avatar_url", message: "must be an http(s) URL" }, { path: "other", message: "x" }] } });
    expect(errors).toEqual({ avatarUrl: "This address must be an http(s) URL." });
    expect(serverFieldErrors({ status: 500, code: "INTERNAL_ERROR", message: "boom" })).toEqual({});
  });
});
