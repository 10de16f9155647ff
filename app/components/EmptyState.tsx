/** The empty state of a list (cart, order history, payment): a line of text and a link to the products. */
import { Link } from 'react-router';

export function EmptyState({ text, linkText, testId, to = '/client/products' }: { text: string; linkText: string; testId: string; to?: string }) {
  return (
    <div className="empty" data-testid={testId}>
      <p>{text}</p>
      <Link to={to} className="btn">
        {linkText}
      </Link>
    </div>
  );
}
