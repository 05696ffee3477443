import { type ComponentProps, useLayoutEffect, useRef } from "react";
import { cn } from "../../lib/utils";

type CheckboxProps = Omit<
  ComponentProps<"input">,
  "type" | "checked" | "defaultChecked" | "onChange" | "ref"
> & {
  /** `"indeterminate"`: some of a list picked, drawn as a dash on the checked colours. */
  checked?: boolean | "indeterminate";
  onCheckedChange?: (checked: boolean) => void;
};

/**
 * A checkbox: the browser's own input, drawn in the app's colours (styles.css, `.checkbox-mark`).
 * Native rather than a scripted button: nothing is measured when it mounts (a list of them, such as
 * the notification choices, was one long task of forced style and layout reads), its label and
 * Space works as the browser's does (Enter does not send the form), and a form sees its value. An
 * indeterminate box becomes checked when tapped. Always controlled: `checked` and `onCheckedChange`.
 */
export function Checkbox({ className, checked, onCheckedChange, onKeyDown, ...props }: CheckboxProps) {
  const ref = useRef<HTMLInputElement>(null);
  const mixed = checked === "indeterminate";
  // Indeterminate is a property only, set before the box is painted.
  useLayoutEffect(() => {
    if (ref.current) ref.current.indeterminate = mixed;
  }, [mixed]);
  return (
    <input
      ref={ref}
      type="checkbox"
      checked={checked === true}
      onChange={(event) => onCheckedChange?.(event.currentTarget.checked)}
      // Enter in a box does not send its form (the browser's implicit submission): in a dialog such
      // as Create Group that would pay before the member pressed the form's own button.
      onKeyDown={(event) => {
        if (event.key === "Enter") event.preventDefault();
        onKeyDown?.(event);
      }}
      className={cn(
        "checkbox-mark peer size-5 shrink-0 cursor-pointer appearance-none rounded-md border-2 border-slate-400 bg-white transition-colors outline-none checked:border-emerald-700 checked:bg-emerald-700 indeterminate:border-emerald-700 indeterminate:bg-emerald-700 focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50",
        className,
      )}
      {...props}
    />
  );
}
