/** The Forgeline brand mark: an amber gear and wrench on a charcoal tile (same artwork as /favicon.svg). */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#1f2937" />
      <path
        fillRule="evenodd"
        fill="#f59e0b"
        d="M49.2 35 L54.2 37.9 L51.9 43.6 L46.3 42.1 L42.1 46.3 L43.6 51.9 L37.9 54.2 L35 49.2 L29 49.2 L26.1 54.2 L20.4 51.9 L21.9 46.3 L17.7 42.1 L12.1 43.6 L9.8 37.9 L14.8 35 L14.8 29 L9.8 26.1 L12.1 20.4 L17.7 21.9 L21.9 17.7 L20.4 12.1 L26.1 9.8 L29 14.8 L35 14.8 L37.9 9.8 L43.6 12.1 L42.1 17.7 L46.3 21.9 L51.9 20.4 L54.2 26.1 L49.2 29ZM24.5 32a7.5 7.5 0 1 0 15 0a7.5 7.5 0 1 0 -15 0Z"
      />
      <path
        transform="translate(32 32) rotate(-45)"
        fill="#f59e0b"
        stroke="#1f2937"
        strokeWidth={3}
        strokeLinejoin="round"
        paintOrder="stroke"
        d="M-22 -3.5H8V3.5H-22A3.5 3.5 0 0 1 -22 -3.5ZM24.3 -3.5H13A3.5 3.5 0 0 0 13 3.5H24.3A9 9 0 1 1 24.3 -3.5Z"
      />
    </svg>
  );
}
