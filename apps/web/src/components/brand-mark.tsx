/** A simple leaf mark beside the name; decorative, so hidden from screen readers. */
export function BrandMark() {
  return (
    <svg
      className="brand__mark"
      viewBox="0 0 40 40"
      width="40"
      height="40"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="20" cy="20" r="19" fill="currentColor" opacity="0.12" />
      <path
        d="M20 31c0-9 3-15 10-19-9 0-15 5-15 12 0 2 .5 4 1.5 5.5M20 31c-1-5-4-8-9-9"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
