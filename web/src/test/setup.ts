import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A busy machine can take more than the default second to render a lazy page.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
});
