/** Areas, stores, goods, images and stock (issue: catalog). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface CatalogTables {}
