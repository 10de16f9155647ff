/** The CSP nonce of the current response, for inline scripts. Empty in the browser. */
import { createContext, useContext } from 'react';

const NonceContext = createContext('');
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
