"use client";
import { useId, useRef, useState, type FormEvent } from "react";
import type { User } from "@storyloom/contract";
import { useSession } from "@storyloom/api-client/react";
import { Button, useToast, TextField, dangerText } from "@storyloom/ui";
import { serverFieldErrors, validateProfile, type ProfileErrors, type ProfileValues } from "./profile-validation";

const valuesOf = (user: User): ProfileValues => ({ name: user.name ?? "", username: user.username ?? "", avatarUrl: user.avatar_url ?? "" });

/** Edits name, username and avatar address; field errors come from the rules first, then the server. */
export function ProfileForm({ user, onDone }: { user: User; onDone: () => void }) {
  const updateUserInfo = useSession((s) => s.updateUserInfo);
  const toast = useToast();
  const initial = valuesOf(user);
  const [values, setValues] = useState<ProfileValues>(initial);
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();

  const field = (key: keyof ProfileValues) => ({
    value: values[key],
    error: errors[key],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value })),
  });

  function focusFirstInvalid() {
    // After the render that marks them, so the reader hears the field and its error together.
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLInputElement>("[aria-invalid=true]")?.focus());
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const { update, errors: found } = validateProfile(values, initial);
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirstInvalid();
    if (Object.keys(update).length === 0) return onDone();
    setSaving(true);
    const r = await updateUserInfo(update);
    setSaving(false);
    if (r.ok) {
      toast.success("Profile updated");
      onDone();
      return;
    }
    const fieldErrors = serverFieldErrors(r);
    setErrors(fieldErrors);
    if (Object.keys(fieldErrors).length > 0) focusFirstInvalid();
    else setFormError(r.message);
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`} className="flex flex-col gap-4 rounded-2xl border border-line bg-surface-2/40 p-4 sm:p-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Edit profile
      </h2>
      {formError && (
        <p role="alert" className={`text-sm ${dangerText}`}>
          {formError}
        </p>
      )}
      <TextField id={`${id}-name`} label="Display name" autoComplete="nickname" maxLength={50} {...field("name")} />
      <TextField id={`${id}-username`} label="Username" autoComplete="username" hint="3-30 letters, digits or underscores." {...field("username")} />
      <TextField id={`${id}-avatar`} label="Avatar image address" type="url" inputMode="url" placeholder="https://…" hint="Leave empty to use your initials." {...field("avatarUrl")} />
      <div className="flex gap-3">
        <Button type="submit" loading={saving} loadingText="Saving…">
          Save changes
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={saving}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
