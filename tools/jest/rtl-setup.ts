import { configure } from '@testing-library/react';

// antd screens render and validate slowly under jsdom; on a loaded 2-core CI machine (other
// projects' tests and builds running beside) the default 1 s of findBy*/waitFor is not enough.
// A passing wait returns as soon as its condition holds, so the long limit costs nothing; a real
// failure still fails (after 15 s).
configure({ asyncUtilTimeout: 15_000 });
