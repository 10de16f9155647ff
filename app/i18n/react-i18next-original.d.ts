/** The real react-i18next under another name, for app/i18n/react-i18next.server.ts (vite.config.ts aliases it). */
declare module 'react-i18next-original' {
  export * from 'react-i18next';
}
