/**
 * Runs before every component test file (vitest.config.ts, project `component`). The project
 * shares one module graph per worker (`isolate: false`), so a hook registered by a module that
 * files import (tests/support/component.tsx) would run in the first file only; registered here,
 * it runs in each: whatever a test rendered is unmounted and its container removed before the next.
 */
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

afterEach(() => cleanup())
