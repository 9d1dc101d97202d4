import { useCallback, useEffect, useRef, useState } from 'react';
import { deleteImage, getImage, getImages, logger, uploadImage } from '@portal/api';

/** One picture card: loaded from the server, being uploaded, or a failed upload (until dismissed). */
export interface CardImage {
  uid: string;
  name: string;
  createdAt: string | null;
  /** Object URL of the picture; null until fetched. */
  url: string | null;
  status: 'done' | 'uploading' | 'error';
}

/**
 * The images of one set as picture cards, newest first (data-areas §2: uploads appear first). Pictures are
 * fetched as blobs (the calls need x-access-token) and shown through object URLs, revoked on unmount.
 */
export function useSetImages(imageSetId: number) {
  const [images, setImages] = useState<CardImage[]>([]);
  const [loading, setLoading] = useState(true);
  const urls = useRef(new Set<string>());
  const seq = useRef(0);

  const objectUrl = (blob: Blob) => {
    const url = URL.createObjectURL(blob);
    urls.current.add(url);
    return url;
  };
  const patch = (uid: string, change: (image: CardImage) => CardImage) => setImages((list) => list.map((image) => (image.uid === uid ? change(image) : image)));

  useEffect(() => {
    let active = true;
    const held = urls.current;
    setLoading(true);
    getImages(imageSetId)
      .then((list) => {
        if (!active) return;
        setImages(list.map((i) => ({ uid: i.name, name: i.name, createdAt: i.createdAt, url: null, status: 'done' })));
        for (const { name } of list) {
          getImage(imageSetId, name)
            .then((blob) => {
              if (active) patch(name, (image) => ({ ...image, url: objectUrl(blob) }));
            })
            .catch((error: unknown) => logger.error('Image not loaded', error));
        }
      })
      .catch((error: unknown) => logger.error('Images not loaded', error)) // data-areas §8: no user message
      .finally(() => {
        if (active) setLoading(false);
      });
    return () => {
      active = false;
      for (const url of held) URL.revokeObjectURL(url);
      held.clear();
    };
  }, [imageSetId]);

  /** Uploads one file; its card shows first at once. Resolves false when the server refused it. */
  const upload = useCallback(
    async (file: File): Promise<boolean> => {
      seq.current += 1;
      const uid = `upload-${seq.current}`;
      setImages((list) => [{ uid, name: file.name, createdAt: null, url: null, status: 'uploading' }, ...list]);
      try {
        const saved = await uploadImage(imageSetId, file, file.name);
        patch(uid, () => ({ uid: saved.file, name: saved.file, createdAt: saved.createdAt, url: objectUrl(file), status: 'done' }));
        return true;
      } catch (error) {
        logger.error('Image not uploaded', error);
        patch(uid, (image) => ({ ...image, status: 'error' }));
        return false;
      }
    },
    [imageSetId],
  );

  /** Deletes a stored image (throws when the server refused). */
  const remove = useCallback(
    async (name: string) => {
      await deleteImage(imageSetId, name);
      setImages((list) => list.filter((image) => image.uid !== name));
    },
    [imageSetId],
  );

  /** Drops a failed upload's card (nothing was stored). */
  const dismiss = useCallback((uid: string) => setImages((list) => list.filter((image) => image.uid !== uid)), []);

  return { images, loading, upload, remove, dismiss };
}
