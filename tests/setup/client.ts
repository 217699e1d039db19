import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// Every language's texts, which the browser loads a language at a time: components are tested alone.
import '../../shared/messages/all';
