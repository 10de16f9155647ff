/** The custom box builder's controls, for the /custombox specs. */
import { type Locator } from '@playwright/test';

/** The + button ("One … more") of the custom box item(s) `variety`. */
export const moreButton = (variety: Locator): Locator => variety.getByRole('button', { name: /^One .* more$/ });
