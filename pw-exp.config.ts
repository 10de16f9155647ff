import base from './playwright.config.ts';
const exe = process.env.EXP_EXE ?? '/usr/bin/chromium';
const extra = (process.env.EXP_ARGS ?? '').split(' ').filter(Boolean);
export default { ...base, use: { ...base.use, launchOptions: { executablePath: exe, args: [...(base.use!.launchOptions!.args ?? []), ...extra] } } };
