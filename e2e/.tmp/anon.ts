import { setSetting } from '../support/browser.ts';

await setSetting('AllowAnonymousUsers', process.argv[2] === 'on');
