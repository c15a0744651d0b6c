import { Checkbox } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../lib/api';
import { ImageInput } from './ImageInput';

/** The image a form sends beside its fields: a new file, or removing the saved one. */
export function useImageChoice(field = 'image') {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [remove, setRemove] = useState(false);
  return {
    file,
    error,
    remove,
    setRemove,
    setError,
    pick: (picked: File | null) => {
      setFile(picked);
      setRemove(false);
      setError(undefined);
    },
    reset: () => {
      setFile(null);
      setError(undefined);
      setRemove(false);
    },
    /** Shows the API's message about the image (type, size, damaged file) under it; true when there was one. */
    claim: (failure: unknown): boolean => {
      const problem = failure instanceof ApiError && failure.fieldErrors.find((e) => e.field === field);
      setError(problem ? problem.message : undefined);
      return Boolean(problem);
    },
  };
}

export type ImageChoice = ReturnType<typeof useImageChoice>;

interface ImageChoiceFieldProps {
  choice: ImageChoice;
  label: string;
  /** The saved image, shown until another is chosen or it is removed. */
  currentUrl?: string | null;
  /** The "remove the image" box, offered while a saved image is shown. */
  removeLabel?: string;
}

/** The image picker with its preview, and the box to remove the saved image. */
export function ImageChoiceField({ choice, label, currentUrl, removeLabel }: ImageChoiceFieldProps) {
  return (
    <>
      <ImageInput
        label={label}
        currentUrl={choice.remove ? null : currentUrl}
        value={choice.file}
        onChange={choice.pick}
        error={choice.error}
      />
      {removeLabel && currentUrl && !choice.file && (
        <Checkbox
          label={removeLabel}
          checked={choice.remove}
          onChange={(event) => choice.setRemove(event.currentTarget.checked)}
        />
      )}
    </>
  );
}
