/** Buttons whose label may wrap on a phone instead of being cut off (still at least 44 px high). */
export const wrappingLabel = {
  root: { height: 'auto', minHeight: 44, paddingBlock: 8 },
  label: { whiteSpace: 'normal' as const, textAlign: 'center' as const, lineHeight: 1.3 },
};
