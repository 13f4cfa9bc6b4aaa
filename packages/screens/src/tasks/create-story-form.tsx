"use client";
import { useId, useState, type FormEvent } from "react";
import { useApiMutation } from "@storyloom/api-client/react";
import { Button, TextField, dangerText, inputClass } from "@storyloom/ui";
import { errorText } from "./messages";

/** The create-story task's form: a title and a premise, posted to daily-tasks.create-story. */
export function CreateStoryForm({ onCancel, onDone }: { onCancel: () => void; onDone: (reward: number) => void }) {
  const create = useApiMutation("taskCreateStory");
  const id = useId();
  const [title, setTitle] = useState("");
  const [premise, setPremise] = useState("");
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!title.trim() || !premise.trim()) {
      setError("Give your story a title and a premise.");
      return;
    }
    setError(null);
    // mutateAsync: the claim's refetch unmounts this form before mutate's own callbacks would run.
    try {
      const r = await create.mutateAsync({ title: title.trim(), premise: premise.trim() });
      onDone(r.reward);
    } catch (err) {
      setError(errorText(err));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex w-full flex-col gap-3" aria-label="Pitch a story">
      <TextField id={`${id}-title`} label="Title" autoFocus maxLength={120} required value={title} onChange={(e) => setTitle(e.target.value)} />
      <div>
        <label htmlFor={`${id}-premise`} className="mb-1.5 block text-sm font-semibold">
          Premise
        </label>
        <textarea
          id={`${id}-premise`}
          required
          rows={3}
          maxLength={2000}
          value={premise}
          onChange={(e) => setPremise(e.target.value)}
          placeholder="Who is the hero, what do they want, what stands in the way?"
          className={inputClass}
        />
      </div>
      {error && (
        <p role="alert" className={`text-sm ${dangerText}`}>
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={create.isPending} loadingText="Sending…">
          Submit idea
        </Button>
        <Button size="sm" variant="secondary" onClick={onCancel} disabled={create.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
