import type { TextInputProps } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';

/** The props of a shell field that opens a dropdown (the location selector, the product search box). */
export type ComboboxFieldProps = TextInputProps &
  Omit<ComponentPropsWithoutRef<'input'>, keyof TextInputProps | 'size'> & { 'data-testid'?: string };
