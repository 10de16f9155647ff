/** A page whose screen is not built yet. */
import { Link } from 'react-router';

export function Placeholder({ title }: { title: string }) {
  return (
    <div className="container">
      <h1>{title}</h1>
      <p className="empty">This page is being prepared.</p>
      <p>
        <Link to="/">Home</Link>
      </p>
    </div>
  );
}
