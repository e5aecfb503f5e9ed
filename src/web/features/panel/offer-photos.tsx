import { type DragEvent, useEffect, useRef, useState } from "react";
import { Form, useSubmit } from "react-router";
import { offerImageUrl } from "../../../domain/images";
import { MAX_OFFER_PHOTOS, movedPhoto } from "../../../domain/staff/offers";
import { FieldError, firstError, SubmitButton } from "../../components/form/fields";
import type { usePanelForm } from "./panel-form";
import { PanelFormNotice } from "./ui";

type PanelForm = ReturnType<typeof usePanelForm>;

const ACCEPT = "image/jpeg,image/png,image/webp,image/avif";
const smallButton =
  "rounded border border-slate-300 bg-white px-2 py-1 text-xs font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-40";

/**
 * A car's photos: files dropped on the field (or chosen) are uploaded at once;
 * the photos are reordered by dragging or with the buttons under each, and the first is the main
 * one. Every button posts the whole new order, so the list works the same without scripts.
 */
export function OfferPhotos({
  photos,
  alt,
  upload,
  arrange,
  locked = null,
}: {
  photos: string[];
  alt: string;
  upload: PanelForm;
  arrange: PanelForm;
  /** Why the photos can no longer change (a started auction's): shown read-only under these words. */
  locked?: string | null;
}) {
  if (locked) return <LockedPhotos photos={photos} alt={alt} locked={locked} />;
  return (
    <div className="flex flex-col gap-4">
      <PhotoUpload upload={upload} />
      {photos.length ? (
        <PhotoOrder photos={photos} alt={alt} arrange={arrange} />
      ) : (
        <p className="text-sm text-slate-700">Oferta nie ma jeszcze zdjęć.</p>
      )}
    </div>
  );
}

/** The photos as bidders see them, in their order, with no way to change them. */
function LockedPhotos({ photos, alt, locked }: { photos: string[]; alt: string; locked: string }) {
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-700" data-testid="photos-locked">
        {locked}
      </p>
      {photos.length ? (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {photos.map((id, i) => (
            <li key={id} className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-2">
              <img
                src={offerImageUrl(id, { width: 320 })}
                alt={`${alt}: zdjęcie ${i + 1}`}
                width={320}
                height={240}
                className="aspect-[4/3] w-full rounded object-cover"
              />
              <p className="text-xs font-semibold text-slate-800">
                {i === 0 ? "Zdjęcie główne" : `Zdjęcie ${i + 1}`}
              </p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-slate-700">Oferta nie ma zdjęć.</p>
      )}
    </div>
  );
}

/** The upload's form: a field to drop files on or choose them in, sent as soon as it has files. */
function PhotoUpload({ upload }: { upload: PanelForm }) {
  const input = useRef<HTMLInputElement>(null);
  const [dropping, setDropping] = useState(false);

  // Files chosen before the scripts arrived fired no change event that anything heard: sent now.
  useEffect(() => {
    if (input.current?.files?.length) input.current.form?.requestSubmit();
  }, []);

  const dropFiles = (e: DragEvent<HTMLElement>) => {
    e.preventDefault();
    setDropping(false);
    const field = input.current;
    if (!field || !e.dataTransfer.files.length) return;
    field.files = e.dataTransfer.files;
    field.form?.requestSubmit();
  };

  return (
    <Form {...upload.formProps} method="post" encType="multipart/form-data" aria-label="Dodaj zdjęcia">
      <input type="hidden" name="intent" value="photos-add" />
      <PanelFormNotice form={upload} />
      <label
        htmlFor={upload.fields.Photos.id}
        onDragOver={(e) => {
          e.preventDefault();
          setDropping(true);
        }}
        onDragLeave={() => setDropping(false)}
        onDrop={dropFiles}
        className={`flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed p-6 text-center text-sm ${
          dropping ? "border-brand-600 bg-brand-50" : "border-slate-300 bg-slate-50"
        }`}
      >
        <span className="font-semibold text-slate-800">Przeciągnij zdjęcia tutaj albo wybierz pliki</span>
        <span className="text-slate-600">
          JPEG, PNG, WebP lub AVIF, do 15 MB każde; najwyżej {MAX_OFFER_PHOTOS} zdjęć w ofercie.
        </span>
        <input
          ref={input}
          id={upload.fields.Photos.id}
          name={upload.fields.Photos.name}
          type="file"
          multiple
          accept={ACCEPT}
          aria-invalid={upload.fields.Photos.errors ? true : undefined}
          aria-describedby={upload.fields.Photos.errors ? upload.fields.Photos.errorId : undefined}
          onChange={(e) => {
            if (e.currentTarget.files?.length) e.currentTarget.form?.requestSubmit();
          }}
          className="text-sm"
        />
      </label>
      <FieldError id={upload.fields.Photos.errorId} message={firstError(upload.fields.Photos)} />
      <noscript>
        <div className="mt-2">
          <SubmitButton sending={false} whileSending={null} look="outline">
            Dodaj zdjęcia
          </SubmitButton>
        </div>
      </noscript>
      {upload.sending ? <p className="mt-2 text-sm text-slate-700">Wysyłanie zdjęć…</p> : null}
    </Form>
  );
}

/**
 * The order's form: the photos in their order, each draggable onto another's place and with buttons
 * that post the order they would make.
 */
function PhotoOrder({ photos, alt, arrange }: { photos: string[]; alt: string; arrange: PanelForm }) {
  const submit = useSubmit();
  const [dragged, setDragged] = useState<string | null>(null);

  const sendOrder = (order: string[]) =>
    submit({ intent: "photos-arrange", Order: order.join(",") }, { method: "post" });

  const dropOn = (target: string) => (e: DragEvent<HTMLElement>) => {
    e.preventDefault();
    if (!dragged || dragged === target) return setDragged(null);
    const rest = photos.filter((p) => p !== dragged);
    rest.splice(
      rest.indexOf(target) + (photos.indexOf(dragged) < photos.indexOf(target) ? 1 : 0),
      0,
      dragged,
    );
    setDragged(null);
    sendOrder(rest);
  };

  return (
    <Form {...arrange.formProps} method="post" aria-label="Kolejność zdjęć">
      <input type="hidden" name="intent" value="photos-arrange" />
      <PanelFormNotice form={arrange} />
      <p className="mb-2 text-sm text-slate-700">
        Przeciągnij zdjęcie na inne miejsce albo użyj przycisków. Pierwsze zdjęcie jest główne.
      </p>
      <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {photos.map((id, i) => (
          <li
            key={id}
            draggable
            onDragStart={() => setDragged(id)}
            onDragOver={(e) => e.preventDefault()}
            onDrop={dropOn(id)}
            className={`flex flex-col gap-2 rounded-lg border bg-white p-2 ${
              dragged === id ? "opacity-50" : ""
            } ${i === 0 ? "border-brand-600" : "border-slate-200"}`}
          >
            <img
              src={offerImageUrl(id, { width: 320 })}
              alt={`${alt}: zdjęcie ${i + 1}`}
              width={320}
              height={240}
              className="aspect-[4/3] w-full cursor-move rounded object-cover"
            />
            <p className="text-xs font-semibold text-slate-800">
              {i === 0 ? "Zdjęcie główne" : `Zdjęcie ${i + 1}`}
            </p>
            <div className="flex flex-wrap gap-1">
              <OrderButton
                label="Główne"
                photo={i}
                order={movedPhoto(photos, id, "main")}
                disabled={i === 0}
              />
              <OrderButton
                label="Wcześniej"
                photo={i}
                order={movedPhoto(photos, id, "earlier")}
                disabled={i === 0}
              />
              <OrderButton
                label="Później"
                photo={i}
                order={movedPhoto(photos, id, "later")}
                disabled={i === photos.length - 1}
              />
              <OrderButton label="Usuń" photo={i} order={photos.filter((p) => p !== id)} />
            </div>
          </li>
        ))}
      </ol>
    </Form>
  );
}

/** A button under the photo at index `photo` that posts the order it makes (`order`). */
function OrderButton({
  label,
  photo,
  order,
  disabled = false,
}: {
  label: string;
  photo: number;
  order: string[];
  disabled?: boolean;
}) {
  return (
    <button
      type="submit"
      name="Order"
      value={order.join(",")}
      disabled={disabled}
      className={smallButton}
      aria-label={`${label}: zdjęcie ${photo + 1}`}
    >
      {label}
    </button>
  );
}
