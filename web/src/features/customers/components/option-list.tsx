/** The <option>s of a native select from [value, label] pairs (after any placeholder option). */
export function OptionList({ options }: { options: readonly (readonly [string, string])[] }) {
  return (
    <>
      {options.map(([v, l]) => (
        <option key={v} value={v}>
          {l}
        </option>
      ))}
    </>
  );
}
