import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// The admin area's texts, which its entry modules add when they load: components are tested alone.
import '../../client/pages/admin/lib/messages';
