/** The "18+" mark of a mature story, read out as "Mature, 18+". */
export function MatureBadge({ className = "" }: { className?: string }) {
  return (
    <span className={`inline-flex items-center rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold leading-5 text-white ${className}`} title="Mature: for adults who confirmed their age" data-testid="mature-badge">
      <span aria-hidden="true">18+</span>
      <span className="sr-only">Mature, 18+</span>
    </span>
  );
}
