/** A delivery address as the post writes it: name, street, postcode and town, country, one a line. */
import { Fragment, type CSSProperties, type ReactNode } from 'react';

export function PostalAddress({
  address: a,
  country,
  className,
  style,
}: {
  address: { firstName: string; lastName: string; street: string; postalCode: string; city: string };
  /** The last line: the country as the page names it (its code on the packing slip, its name for the customer). */
  country: ReactNode;
  className?: string;
  style?: CSSProperties;
}) {
  const lines = [`${a.firstName} ${a.lastName}`, a.street, `${a.postalCode} ${a.city}`, country];
  return (
    <address className={className} style={style}>
      {lines.map((line, i) => (
        <Fragment key={i}>
          {i > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </address>
  );
}
