import { configure } from '@testing-library/react';

// antd forms render and validate slowly under jsdom; on a loaded 2-core CI machine the default
// 1 s of findBy*/waitFor is not enough, so wait up to 5 s (a real failure still fails).
configure({ asyncUtilTimeout: 5000 });
