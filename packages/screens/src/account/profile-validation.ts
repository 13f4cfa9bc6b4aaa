// The profile form's rules, mirroring the contract's user-info.update fields (name 1-50, username
// 3-30 of letters, digits and underscores, avatar an http(s) URL) so most mistakes are caught
// before a round trip; the server still decides (e.g. a taken username).

/** What the form edits. */
export interface ProfileValues {
  name: string;
  username: string;
  avatarUrl: string;
}

/** Field errors by form field. */
export type ProfileErrors = Partial<Record<keyof ProfileValues, string>>;

/** The user-info.update body: only what changed; an emptied avatar is sent as null (removed). */
export interface ProfileUpdate {
  name?: string;
  username?: string;
  avatar_url?: string | null;
}

/** Checks the values and builds the update from the fields that differ from `current`. */
export function validateProfile(values: ProfileValues, current: ProfileValues): { update: ProfileUpdate; errors: ProfileErrors } {
  const errors: ProfileErrors = {};
  const update: ProfileUpdate = {};
  const name = values.name.trim();
  const username = values.username.trim();
  const avatar = values.avatarUrl.trim();

  if (name !== current.name.trim()) {
    if (!name) errors.name = "Enter a display name.";
    else if (name.length > 50) errors.name = "Use at most 50 characters.";
    else update.name = name;
  }
  if (username !== current.username.trim()) {
    if (username.length < 3 || username.length > 30) errors.username = "Use 3 to 30 characters.";
    else if (!/^[A-Za-z0-9_]+$/.test(username)) errors.username = "Use letters, digits and underscores only.";
    else update.username = username;
  }
  if (avatar !== current.avatarUrl.trim()) {
    if (!avatar) update.avatar_url = null;
    else if (avatar.length > 2000 || !/^https?:\/\/[^\s]+$/i.test(avatar) || !isUrl(avatar)) errors.avatarUrl = "Enter an image address starting with https://";
    else update.avatar_url = avatar;
  }
  return { update, errors };
}

function isUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

const wireToForm: Record<string, keyof ProfileValues> = { name: "name", username: "username", avatar_url: "avatarUrl" };

/**
 * Field errors from a failed update: a 409 is a taken username; a validation answer names its
 * fields (`data.fields[].path`). Anything else stays a form-level message.
 */
export function serverFieldErrors(failure: { status: number; code: string; message: string; details?: Record<string, unknown> | null }): ProfileErrors {
  if (failure.status === 409) return { username: "That username is taken. Try another one." };
  const fields = failure.details?.fields;
  if (!Array.isArray(fields)) return {};
  const errors: ProfileErrors = {};
  for (const f of fields as { path?: unknown; message?: unknown }[]) {
    const key = typeof f.path === "string" ? wireToForm[f.path] : undefined;
    if (key && typeof f.message === "string") errors[key] = `This ${key === "avatarUrl" ? "address" : key} ${f.message}.`;
  }
  return errors;
}
