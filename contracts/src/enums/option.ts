/** A value with the label the spec shows for it; the shape of every selectable list. */
export type Option<V extends string = string> = { readonly value: V; readonly label: string };

export function labelOf<V extends string>(options: readonly Option<V>[], value: string | null | undefined): string {
  return options.find((o) => o.value === value)?.label ?? value ?? '';
}
