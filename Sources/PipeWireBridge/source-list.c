#include "connection.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <spa/param/format-utils.h>
#include <spa/param/video/format-utils.h>
#include <spa/pod/iter.h>

/* What the registry scan gathers: the sources, and a bound proxy per source to ask for its formats. */
struct listing {
    struct sbpw_connection connection;
    struct pw_registry *registry;
    struct spa_hook registry_listener;
    sbpw_source *sources;
    int capacity;
    int count;
    struct pw_proxy *nodes[64];
    struct spa_hook node_listeners[64];
};

/* The first value of a property (a choice's default), or NULL. */
static const struct spa_pod *first_value(const struct spa_pod_object *object, uint32_t key, uint32_t *count, const struct spa_pod **all) {
    const struct spa_pod_prop *property = spa_pod_object_find_prop(object, NULL, key);
    if (!property) return NULL;
    uint32_t choice;
    const struct spa_pod *values = spa_pod_get_values(&property->value, count, &choice);
    if (all) *all = values;
    return *count > 0 ? values : NULL;
}

/* Each format value of an EnumFormat object becomes an offer at the object's preferred size and rate. */
static void add_offers(sbpw_source *source, const struct spa_pod *param) {
    uint32_t media_type, media_subtype;
    if (spa_format_parse(param, &media_type, &media_subtype) < 0 || media_type != SPA_MEDIA_TYPE_video) return;
    const struct spa_pod_object *object = (const struct spa_pod_object *)param;
    sbpw_offer offer = {0};
    uint32_t count;
    const struct spa_pod *value = first_value(object, SPA_FORMAT_VIDEO_size, &count, NULL);
    if (value && SPA_POD_TYPE(value) == SPA_TYPE_Rectangle) {
        const struct spa_rectangle *size = SPA_POD_BODY_CONST(value);
        offer.width = size->width;
        offer.height = size->height;
    }
    value = first_value(object, SPA_FORMAT_VIDEO_framerate, &count, NULL);
    if (value && SPA_POD_TYPE(value) == SPA_TYPE_Fraction) {
        const struct spa_fraction *rate = SPA_POD_BODY_CONST(value);
        offer.rate_numerator = rate->num;
        offer.rate_denominator = rate->denom;
    }
    if (media_subtype == SPA_MEDIA_SUBTYPE_mjpg) {
        offer.format = SBPW_FORMAT_MJPG;
        if (source->offer_count < SBPW_OFFER_CAPACITY) source->offers[source->offer_count++] = offer;
        return;
    }
    if (media_subtype != SPA_MEDIA_SUBTYPE_raw) return;
    const struct spa_pod *values;
    if (!first_value(object, SPA_FORMAT_VIDEO_format, &count, &values) || SPA_POD_TYPE(values) != SPA_TYPE_Id) return;
    /* A choice lists its default first and then every alternative, the default among them again. */
    for (uint32_t i = count > 1 ? 1 : 0; i < count && source->offer_count < SBPW_OFFER_CAPACITY; i++) {
        uint32_t spa_format = ((const uint32_t *)SPA_POD_BODY_CONST(values))[i];
        offer.format = sbpw_format_from_spa(spa_format);
        if (offer.format != SBPW_FORMAT_UNKNOWN) source->offers[source->offer_count++] = offer;
    }
}

static void on_node_param(void *data, int sequence, uint32_t id, uint32_t index, uint32_t next, const struct spa_pod *param) {
    (void)sequence;
    (void)index;
    (void)next;
    if (id == SPA_PARAM_EnumFormat && param) add_offers(data, param);
}

static const struct pw_node_events node_events = {
    .version = PW_VERSION_NODE_EVENTS,
    .param = on_node_param,
};

static void copy_text(char *destination, const char *text) {
    snprintf(destination, SBPW_TEXT_CAPACITY, "%s", text ? text : "");
}

static void on_global(void *data, uint32_t id, uint32_t permissions, const char *type, uint32_t version,
                      const struct spa_dict *properties) {
    (void)permissions;
    (void)version;
    struct listing *listing = data;
    if (strcmp(type, PW_TYPE_INTERFACE_Node) != 0 || !properties) return;
    const char *media_class = spa_dict_lookup(properties, PW_KEY_MEDIA_CLASS);
    if (!media_class || strcmp(media_class, "Video/Source") != 0) return;
    if (listing->count >= listing->capacity || listing->count >= 64) return;
    int index = listing->count++;
    sbpw_source *source = &listing->sources[index];
    memset(source, 0, sizeof *source);
    source->id = id;
    const char *serial = spa_dict_lookup(properties, PW_KEY_OBJECT_SERIAL);
    source->serial = serial ? strtoull(serial, NULL, 10) : 0;
    copy_text(source->name, spa_dict_lookup(properties, PW_KEY_NODE_NAME));
    const char *description = spa_dict_lookup(properties, PW_KEY_NODE_DESCRIPTION);
    copy_text(source->description, description ? description : spa_dict_lookup(properties, PW_KEY_NODE_NICK));
    struct pw_proxy *node = pw_registry_bind(listing->registry, id, PW_TYPE_INTERFACE_Node, PW_VERSION_NODE, 0);
    if (!node) return;
    listing->nodes[index] = node;
    pw_node_add_listener((struct pw_node *)node, &listing->node_listeners[index], &node_events, source);
    pw_node_enum_params((struct pw_node *)node, 0, SPA_PARAM_EnumFormat, 0, UINT32_MAX, NULL);
}

static const struct pw_registry_events registry_events = {
    .version = PW_VERSION_REGISTRY_EVENTS,
    .global = on_global,
};

int sbpw_list_sources(const char *remote, sbpw_source *sources, int capacity, int *count, char *error, size_t error_size) {
    *count = 0;
    if (sbpw_load(error, error_size) < 0) return -ENOSYS;
    struct listing *listing = calloc(1, sizeof *listing);
    if (!listing) return -ENOMEM;
    listing->sources = sources;
    listing->capacity = capacity;
    int result = sbpw_connection_open(&listing->connection, "shaderbench-devices", remote);
    if (result < 0) {
        snprintf(error, error_size, "%s", strerror(-result));
        free(listing);
        return result;
    }
    listing->registry = pw_core_get_registry(listing->connection.core, PW_VERSION_REGISTRY, 0);
    pw_registry_add_listener(listing->registry, &listing->registry_listener, &registry_events, listing);
    /* The first round trip brings every global; the second, the formats each bound node was asked for. */
    result = sbpw_connection_round_trip(&listing->connection, 2);
    if (result == 0) result = sbpw_connection_round_trip(&listing->connection, 2);
    if (result < 0) snprintf(error, error_size, "%s", strerror(-result));
    for (int i = 0; i < listing->count; i++) {
        if (!listing->nodes[i]) continue;
        spa_hook_remove(&listing->node_listeners[i]);
        pw_proxy_destroy(listing->nodes[i]);
    }
    spa_hook_remove(&listing->registry_listener);
    pw_proxy_destroy((struct pw_proxy *)listing->registry);
    *count = listing->count;
    sbpw_connection_close(&listing->connection);
    free(listing);
    return result;
}
