/** The logo shown until a corporate-identity logo is uploaded. */
export function DefaultLogo() {
  return (
    <svg width="172" height="36" viewBox="0 0 172 36" role="img" aria-hidden="true" focusable="false">
      <rect width="36" height="36" rx="8" fill="var(--mp-primary, #1C4E80)" />
      <path
        d="M8 26V11l6.5 7 6.5-7v15M24 26V11h3.5a4.5 4.5 0 0 1 0 9H24"
        fill="none"
        stroke="var(--mp-secondary, #F59F00)"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <text
        x="44"
        y="24"
        fontFamily="system-ui, sans-serif"
        fontSize="16"
        fontWeight="700"
        fill="var(--mantine-color-gray-9, #212529)"
      >
        Materieelportaal
      </text>
    </svg>
  );
}
