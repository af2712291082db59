/** Shown while something loads; announced politely by screen readers. */
export function LoadingSpinner({ label }: { label: string }) {
  return (
    <div className="loading" role="status">
      <span className="loading__spinner" aria-hidden="true" />
      <span className="loading__label">{label}</span>
    </div>
  );
}
