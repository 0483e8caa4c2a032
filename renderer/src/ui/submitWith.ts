/** A form that is not react-hook-form's: its submission runs the screen's own action instead of loading a page. */
import type { FormEvent } from 'react';

export function submitWith(action: () => unknown) {
  return (event: FormEvent) => {
    event.preventDefault();
    void action();
  };
}
