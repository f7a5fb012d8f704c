// A form that is a card of its own (a settings section, the sync setup): the card, its title heading, a lead
// sentence under it, and, when given a title id, the form named by its title so it is a landmark one can reach.
import type { FormEvent, ReactElement, ReactNode } from 'react';
import { cx } from './cx';

export interface FormCardProps {
  /** Classes beside the card's own (the page's section class). */
  className: string;
  title: string;
  /** The heading's id; names the form when given. */
  titleId?: string;
  /** The sentence under the title, as its page styles it. */
  lead: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}

export function FormCard({
  className,
  title,
  titleId,
  lead,
  onSubmit,
  children,
}: FormCardProps): ReactElement {
  return (
    <form className={cx('card card-pad', className)} onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
      <h2 className="card-title" id={titleId}>
        {title}
      </h2>
      {lead}
      {children}
    </form>
  );
}
